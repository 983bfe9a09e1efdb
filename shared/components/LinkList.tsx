/** A list of plain links: the footer's groups, the ways to reach us, and the ways on from Not Found and from a search. */
export function LinkList({ links, className }: { links: readonly { label: string; href: string }[]; className?: string }) {
  return (
    <ul className={className}>
      {links.map(({ label, href }) => (
        <li key={href}>
          <a href={href}>{label}</a>
        </li>
      ))}
    </ul>
  );
}
