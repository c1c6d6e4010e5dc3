import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_MIN_LENGTH } from '../../../shared/resources/search.js';
import { useDebouncedValue } from '../../components/use-debounced-value.js';
import { useSearch } from './search-query.js';

const optionId = (index: number) => `search-option-${index}`;

/**
 * "Buscar" (issue 21): one box over every kind the user may read, results grouped by kind.
 * Arrows move through all results across groups, Enter opens the one marked (the first by
 * default), Esc closes. A combobox whose listbox is the results (WAI-ARIA), so a screen reader
 * follows the marked option while the focus stays in the box.
 */
export function SearchPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      title={null}
      // Closed, the box and its results go: the next Ctrl+K starts from an empty box.
      destroyOnHidden
      width={640}
      style={{ top: 'min(12vh, 96px)', maxWidth: 'calc(100vw - 16px)' }}
      styles={{ body: { padding: 0 } }}
      data-testid="search-palette"
    >
      <PaletteBody onClose={onClose} />
    </Modal>
  );
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  // The marked result, by its page: it stays marked while newer answers still have it.
  const [marked, setMarked] = useState<string | null>(null);
  const q = useDebouncedValue(typed.trim(), 150);
  const { data, isFetching } = useSearch(q);
  const groups = useMemo(
    () => (q.length >= SEARCH_MIN_LENGTH ? (data?.groups ?? []) : []),
    [data, q],
  );
  const items = useMemo(() => groups.flatMap((group) => group.items), [groups]);

  const active = Math.max(
    0,
    items.findIndex((item) => item.url === marked),
  );
  const mark = (index: number) => setMarked(items[index]?.url ?? null);

  const go = (url: string) => {
    onClose();
    void navigate(url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      mark((active + step + items.length) % items.length);
    } else if (event.key === 'Enter' && items[active]) {
      event.preventDefault();
      go(items[active].url);
    }
  };

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  return (
    <>
      <Input
        autoFocus
        size="large"
        variant="borderless"
        prefix={<SearchOutlined />}
        suffix={isFetching ? <Spin size="small" /> : null}
        placeholder="Buscar clientes, itens, pedidos, notas, contas…"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label="Buscar"
        aria-expanded={items.length > 0}
        aria-controls="search-results"
        aria-activedescendant={items.length > 0 ? optionId(active) : undefined}
        data-testid="search-input"
        style={{ padding: '12px 16px', borderBottom: '1px solid #f0f0f0' }}
      />
      <div
        id="search-results"
        role="listbox"
        aria-label="Resultados da busca"
        style={{ maxHeight: 'min(60vh, 480px)', overflowY: 'auto', padding: '4px 0 8px' }}
      >
        {q.length < SEARCH_MIN_LENGTH ? (
          <Typography.Paragraph type="secondary" style={{ padding: '12px 16px', margin: 0 }}>
            Digite ao menos {SEARCH_MIN_LENGTH} letras: nome, código, CPF/CNPJ, número do pedido
            (PV-000042), da nota ou da chave de acesso.
          </Typography.Paragraph>
        ) : groups.length === 0 && !isFetching ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nada encontrado." />
        ) : (
          groups.map((group) => (
            <div key={group.kind} role="group" aria-label={group.label}>
              <Typography.Text
                type="secondary"
                strong
                style={{ display: 'block', padding: '8px 16px 4px', fontSize: 12 }}
              >
                {group.label}
              </Typography.Text>
              {group.items.map((item) => {
                const index = items.indexOf(item);
                const selected = index === active;
                return (
                  <div
                    key={item.url}
                    id={optionId(index)}
                    role="option"
                    aria-selected={selected}
                    data-testid="search-option"
                    onMouseMove={() => mark(index)}
                    onClick={() => go(item.url)}
                    style={{
                      padding: '6px 16px',
                      cursor: 'pointer',
                      background: selected ? '#e6f0fa' : undefined,
                      minWidth: 0,
                    }}
                  >
                    <Typography.Text strong ellipsis style={{ display: 'block' }}>
                      {item.title}
                    </Typography.Text>
                    <Typography.Text
                      type="secondary"
                      ellipsis
                      style={{ display: 'block', fontSize: 12 }}
                    >
                      {item.subtitle}
                    </Typography.Text>
                  </div>
                );
              })}
            </div>
          ))
        )}
      </div>
    </>
  );
}
