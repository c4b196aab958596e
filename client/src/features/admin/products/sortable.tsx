import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Tooltip } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * Drag to reorder (sections, questions) with dnd-kit: the pointer (after a 6 px move, so a click stays a click) and
 * the keyboard (space or enter on the handle picks the item up, the arrows move it, space drops it, escape puts it
 * back), announced in Italian to screen readers. The up/down buttons next to each item do the same without dragging.
 */

type TSortableListProps = {
  /** The items' ids, in order. */
  ids: readonly string[];
  /** What each id is called in the announcements («la domanda «Età»»). */
  nameOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
};

export const SortableList = ({ ids, nameOf, onMove, children }: TSortableListProps) => {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const name = (id: UniqueIdentifier) => nameOf(String(id));
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Hai preso ${name(active.id)}, in posizione ${position(active.id)} di ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} è ora in posizione ${position(over.id)} di ${ids.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `Hai lasciato ${name(active.id)} in posizione ${position(over.id)} di ${ids.length}.` : `Hai lasciato ${name(active.id)}.`),
    onDragCancel: ({ active }) => `Spostamento annullato: ${name(active.id)} torna al suo posto.`,
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'Per spostare: premi spazio o invio, usa le frecce su e giù, poi spazio o invio per lasciare; esc annulla.' },
      }}
    >
      <SortableContext items={ids as string[]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
};

/** One sortable item: its ref and style (for the element that moves) and its drag handle. */
export const useSortableItem = (id: string, label: string, disabled = false) => {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = { transform: CSS.Transform.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined, opacity: isDragging ? 0.85 : undefined };
  const handle = (
    <Tooltip label="Trascina per riordinare" withArrow openDelay={400}>
      <ActionIcon variant="subtle" color="gray" aria-label={`Trascina ${label}`} style={{ cursor: disabled ? undefined : 'grab', touchAction: 'none' }}
        disabled={disabled}
        // Escape while dragging puts the item back; it must not also close the drawer around it.
        data-mantine-stop-propagation={isDragging ? 'true' : undefined}
        {...attributes}
        {...listeners}
      >
        <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1.6} />))}
        </svg>
      </ActionIcon>
    </Tooltip>
  );
  return { setNodeRef, style, handle };
};

const ARROW = { up: 'M12 19V5M5 12l7-7 7 7', down: 'M12 5v14M19 12l-7 7-7-7' } as const;

/** The up and down buttons of an item (the fallback of dragging). */
export const MoveButtons = ({ label, onUp, onDown, disabled }: { label: string; onUp?: () => void; onDown?: () => void; disabled?: boolean }) => (
  <>
    {(['up', 'down'] as const).map((direction) => {
      const action = direction === 'up' ? onUp : onDown;
      return (
        <ActionIcon
          key={direction}
          variant="subtle"
          color="gray"
          aria-label={`${direction === 'up' ? 'Sposta su' : 'Sposta giù'} ${label}`}
          onClick={action}
          disabled={disabled || !action}
        >
          <svg width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
            <path d={ARROW[direction]} />
          </svg>
        </ActionIcon>
      );
    })}
  </>
);
