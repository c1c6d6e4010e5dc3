import { Select, type SelectProps } from 'antd';
import { allowClear } from './antd-config.js';
import { states, ufs, type Uf } from '../../shared/br/states.js';

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const options = ufs.map((uf) => ({ value: uf, label: `${uf} – ${states[uf].name}` }));

/**
 * The 27 federative units. Typing "SP" finds São Paulo, not "Espírito Santo" (whose name contains
 * "sp"): two letters search the abbreviations, longer input the names, accents ignored.
 */
export function UfSelect(props: Omit<SelectProps<Uf>, 'options' | 'showSearch'>) {
  return (
    <Select<Uf>
      allowClear={allowClear}
      placeholder="Selecione"
      {...props}
      options={options}
      showSearch={{
        filterOption: (input, option) => {
          const uf = option?.value as Uf | undefined;
          if (!uf) return false;
          const typed = plain(input.trim());
          if (typed.length <= 2) return uf.toLowerCase().startsWith(typed);
          return plain(states[uf].name).includes(typed);
        },
      }}
    />
  );
}
