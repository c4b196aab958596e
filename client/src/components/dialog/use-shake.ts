import { useCallback, useEffect, useRef, useState } from 'react';
import { DIALOG_SHAKE_MS } from './dialog-timing';

/**
 * A flag that is on for `DIALOG_SHAKE_MS` after `shake()`; a click during a shake restarts it, so every click is
 * answered. A timer, not `animationend`: with reduced motion there is no animation to end.
 */
export const useShake = () => {
  const [isShaking, setIsShaking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const frame = useRef<number | undefined>(undefined);

  const shake = useCallback(() => {
    clearTimeout(timer.current);
    if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    setIsShaking(false);
    // One frame without the class, so the browser restarts the animation.
    frame.current = requestAnimationFrame(() => {
      setIsShaking(true);
      timer.current = setTimeout(() => setIsShaking(false), DIALOG_SHAKE_MS);
    });
  }, []);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    },
    [],
  );

  return { isShaking, shake };
};
