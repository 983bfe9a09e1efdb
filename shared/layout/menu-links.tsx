// The header's menu items, drawn by the server from the route table and passed
// to the header island as props, so the table itself stays out of the client.
export interface MenuLink {
  path: string;
  label: string;
}

export function menuItem(currentPath: string) {
  return function MenuItem(item: MenuLink) {
    return (
      <li key={item.path}>
        <a href={item.path} aria-current={item.path === currentPath ? 'page' : undefined}>
          {item.label}
        </a>
      </li>
    );
  };
}
