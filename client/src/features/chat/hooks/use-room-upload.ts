import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_MSG } from '../../../../../shared/chat-messages';
import { showApiError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { buildUploadForm, uploadToRoom } from '../api/chat-api';
import { newClientId } from '../client-id';
import type { TChatMessage } from '../chat-types';

export type TRoomUpload = { names: string; progress: number };

/**
 * Files sent to a room (POST /api/chat/upload, spec section 7) with progress and abort. The stored message
 * is handed to `onStored`; failures go to the API error display (an abort says nothing).
 */
export const useRoomUpload = (roomId: string, onStored: (clientId: string, message: TChatMessage) => void) => {
  const [upload, setUpload] = useState<TRoomUpload | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0 || controller.current) return;
      const current = new AbortController();
      controller.current = current;
      setUpload({ names: files.map((file) => file.name).join(', '), progress: 0 });
      try {
        const clientId = newClientId();
        const answer = await uploadToRoom(roomId, buildUploadForm(files, { text: '', clientId }), {
          signal: current.signal,
          onProgress: (progress) => setUpload((state) => state && { ...state, progress }),
        });
        onStored(clientId, answer.data);
        toast('success', CHAT_MSG.uploaded);
      } catch (error) {
        showApiError(error);
      } finally {
        controller.current = null;
        setUpload(null);
      }
    },
    [roomId, onStored],
  );

  return { upload, start, abort: useCallback(() => controller.current?.abort(), []) };
};
