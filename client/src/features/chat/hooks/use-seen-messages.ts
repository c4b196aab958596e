import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Spec section 4: messages are marked read when displayed. Elements registered with the returned ref callback
 * call `onSeen(id)` (once) as soon as part of them shows inside `root` (the room's scrolling viewport).
 */
export const useSeenMessages = (root: RefObject<HTMLElement | null>, onSeen: (messageId: string) => void) => {
  const latest = useRef(onSeen);
  useEffect(() => {
    latest.current = onSeen;
  });
  const observer = useRef<IntersectionObserver | null>(null);
  const elements = useRef(new Set<HTMLElement>());

  useEffect(() => {
    const watcher = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          watcher.unobserve(entry.target);
          const id = (entry.target as HTMLElement).dataset.messageId;
          if (id) latest.current(id);
        }
      },
      { root: root.current, threshold: 0.01 },
    );
    observer.current = watcher;
    // Children mount (and register) before this effect runs.
    elements.current.forEach((element) => watcher.observe(element));
    return () => {
      watcher.disconnect();
      observer.current = null;
    };
  }, [root]);

  return useCallback((element: HTMLElement | null) => {
    if (!element) return;
    elements.current.add(element);
    observer.current?.observe(element);
    return () => {
      elements.current.delete(element);
      observer.current?.unobserve(element);
    };
  }, []);
};
