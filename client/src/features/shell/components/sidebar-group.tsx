import { Collapse, NavLink } from '@mantine/core';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../../../components/icons';
import { groupContainsPath, isNavGroup, type TNavGroup } from '../nav-items';
import { SidebarLink } from './sidebar-link';

/**
 * A named, collapsible set of links: a real button with aria-expanded (Mantine's own nested NavLink is an
 * anchor without href), and the links inside a `group` named after it, so "Clienti" under Amministrazione and
 * "Clienti" for every role stay distinguishable.
 */
export const SidebarGroup = ({ group }: { group: TNavGroup }) => {
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(true);
  const panelId = useId();
  const labelId = useId();
  const hasCurrentPage = groupContainsPath(group, pathname);
  return (
    <div>
      <NavLink
        component="button"
        type="button"
        id={labelId}
        label={group.label}
        leftSection={<Icon name={group.icon} size={18} />}
        onClick={() => setIsOpen((open) => !open)}
        aria-expanded={isOpen}
        aria-controls={panelId}
        styles={{ root: { borderRadius: 'var(--mantine-radius-md)', paddingBlock: 6 }, label: { fontWeight: hasCurrentPage ? 650 : 550 } }}
        rightSection={<Chevron isOpen={isOpen} />}
      />
      <Collapse in={isOpen}>
        <div id={panelId} role="group" aria-labelledby={labelId} style={{ paddingLeft: 12, borderLeft: '1px solid var(--mantine-color-gray-3)', marginLeft: 20 }}>
          {group.items.map((item) => (isNavGroup(item) ? <SidebarGroup key={item.label} group={item} /> : <SidebarLink key={item.to} item={item} />))}
        </div>
      </Collapse>
    </div>
  );
};

const Chevron = ({ isOpen }: { isOpen: boolean }) => (
  <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" style={{ transform: isOpen ? 'rotate(90deg)' : undefined, transition: 'transform 150ms ease' }}>
    <path d="M9 6l6 6l-6 6" />
  </svg>
);
