import { useEffect, useRef } from 'react';

/**
 * Spec section 2: the overlay is closed by the browser back action. Opening it pushes a history entry (same URL,
 * the router's own state kept); back pops it and closes. Closing it any other way removes that entry again.
 */
export const useBackToClose = (isOpen: boolean, onClose: () => void): void => {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!isOpen) return;
    const marker = `viewer-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const base = (window.history.state as Record<string, unknown> | null) ?? {};
    window.history.pushState({ ...base, fileViewer: marker }, '');
    const isOurs = () => (window.history.state as { fileViewer?: string } | null)?.fileViewer === marker;
    const handlePop = () => {
      if (!isOurs()) closeRef.current();
    };
    window.addEventListener('popstate', handlePop);
    return () => {
      window.removeEventListener('popstate', handlePop);
      if (isOurs()) window.history.back();
    };
  }, [isOpen]);
};
