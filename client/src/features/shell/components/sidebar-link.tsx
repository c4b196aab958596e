import { NavLink } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/icons';
import { isActivePath, type TNavLink } from '../nav-items';
import { useTierNote } from '../hooks/use-tier-note';

/** One page of the sidebar; the current one is highlighted, announced as the current page and kept in view. */
export const SidebarLink = ({ item }: { item: TNavLink }) => {
  const { pathname } = useLocation();
  const isActive = isActivePath(item.to, pathname);
  const ref = useRef<HTMLAnchorElement>(null);
  const tierNote = useTierNote(item.to);
  useEffect(() => {
    if (isActive) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [isActive]);
  if (tierNote) {
    // A sector outside the corner's tier stays visible, with what opens it, instead of disappearing.
    return (
      <NavLink
        component="div"
        label={item.label}
        description={tierNote}
        disabled
        aria-disabled
        data-tier-locked
        leftSection={item.icon ? <Icon name={item.icon} size={18} /> : undefined}
        variant="light"
        styles={{ root: { borderRadius: 'var(--mantine-radius-md)', paddingBlock: 6 }, label: { fontWeight: 500 } }}
      />
    );
  }
  return (
    <NavLink
      ref={ref}
      component={Link}
      to={item.to}
      label={item.label}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      leftSection={item.icon ? <Icon name={item.icon} size={18} /> : undefined}
      variant="light"
      styles={{ root: { borderRadius: 'var(--mantine-radius-md)', paddingBlock: 6 }, label: { fontWeight: isActive ? 600 : 500 } }}
    />
  );
};
