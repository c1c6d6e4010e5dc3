import { Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import type { MenuGroup } from '../menu.js';

/**
 * The business menu: one submenu per group of DOMAIN §14, horizontal in the header and inline in
 * the phone drawer. Entries are links, so they open in a new tab like any link would.
 */
export function MainMenu({
  groups,
  mode,
  onNavigate,
}: {
  groups: readonly MenuGroup[];
  mode: 'horizontal' | 'inline';
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const items: MenuProps['items'] = groups.map((group) => ({
    key: group.key,
    label: group.label,
    children: group.entries.map((entry) => ({
      key: entry.path,
      label: (
        <Link to={entry.path} onClick={onNavigate}>
          {entry.label}
        </Link>
      ),
    })),
  }));
  // An area's list, its form (`/client/new`, `/client/42`) all highlight the same entry.
  const selected = groups
    .flatMap((group) => group.entries)
    .filter((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`))
    .map((entry) => entry.path);

  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={selected}
      style={{ flex: 1, minWidth: 0, borderBottom: 'none', borderInlineEnd: 'none' }}
    />
  );
}
