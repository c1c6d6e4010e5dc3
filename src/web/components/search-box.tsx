import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { allowClear } from './antd-config.js';

/**
 * The list's search: the URL's `q` while the user is not typing, sent 400 ms after the last
 * keystroke (or at once on Enter). The server matches it without accents or case.
 */
export function SearchBox({
  value,
  onSearch,
  placeholder,
}: {
  value: string;
  onSearch: (q: string) => void;
  placeholder: string;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // Back/forward or a link changed `q`: show it (adjusting state during render, not in an effect).
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), 400);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <Input
      type="search"
      prefix={<SearchOutlined aria-hidden />}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onPressEnter={() => onSearch(text.trim())}
      placeholder={placeholder}
      allowClear={allowClear}
      maxLength={100}
      aria-label="Pesquisar"
      data-testid="resource-search"
      style={{ width: 280, maxWidth: '100%' }}
    />
  );
}
