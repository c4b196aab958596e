import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { buildFileUrl, buildImageUrl, pickImageWidth } from './download-url';
import { downloadFiles } from './download';
import { FileIcon } from './file-icons';
import { probeStatus, viewerErrorMessage } from './viewer-messages';
import classes from './file-viewer.module.css';

export type TViewerFile = { name: string; path: string; mime?: string | null };

const ErrorBox = ({ message, name }: { message: string; name: string }) => (
  <Center h="100%" p="md">
    <Alert color="red" variant="light" role="alert" title={message}>
      {name}
    </Alert>
  </Center>
);

/** After a media element fails, the status of the same URL picks the message of spec section 8. */
const useLoadFailure = (url: string) => {
  const [message, setMessage] = useState<string | null>(null);
  const fail = () => {
    void probeStatus(url).then((status) => setMessage(viewerErrorMessage(status)));
  };
  return { message, fail };
};

/** png, jpg, jpeg through the image endpoint at a width of the fixed list; gif as itself (animated). */
export const ImageView = ({ file }: { file: TViewerFile }) => {
  const isGif = file.mime === 'image/gif' || /\.gif$/i.test(file.name);
  const width = pickImageWidth(Math.min(window.innerWidth, 1920) * Math.min(window.devicePixelRatio || 1, 2));
  const url = isGif ? buildFileUrl(file.path) : buildImageUrl(file.path, width);
  const { message, fail } = useLoadFailure(url);
  if (message) return <ErrorBox message={message} name={file.name} />;
  return <img className={classes.media} src={url} alt={file.name} onError={fail} />;
};

export const VideoView = ({ file }: { file: TViewerFile }) => {
  const url = buildFileUrl(file.path);
  const { message, fail } = useLoadFailure(url);
  if (message) return <ErrorBox message={message} name={file.name} />;
  return <video className={classes.media} src={url} controls preload="metadata" aria-label={file.name} onError={fail} />;
};

export const AudioView = ({ file }: { file: TViewerFile }) => {
  const url = buildFileUrl(file.path);
  const { message, fail } = useLoadFailure(url);
  if (message) return <ErrorBox message={message} name={file.name} />;
  return (
    <Center h="100%" p="md">
      <audio src={url} controls preload="metadata" aria-label={file.name} onError={fail} style={{ width: 'min(480px, 100%)' }} />
    </Center>
  );
};

/** Types the browser cannot show: a download link (spec section 2). */
export const OtherView = ({ file }: { file: TViewerFile }) => (
  <Center h="100%" p="md">
    <Stack align="center" gap="sm" ta="center">
      <FileIcon name="file" size={48} />
      <Text fw={600}>{file.name}</Text>
      <Text size="sm" c="dimmed">
        L’anteprima non è disponibile per questo tipo di file.
      </Text>
      <Button leftSection={<FileIcon name="download" />} onClick={() => void downloadFiles([{ path: file.path, name: file.name }])}>
        Scarica
      </Button>
    </Stack>
  </Center>
);
