import path from 'node:path';
import type { TConfig } from '../../config';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type TFileStorage } from './storage';

/** The file store the configuration names: the bucket of STORAGE=s3, otherwise DATA_DIR/files on disk. */
export const createConfiguredStorage = (config: TConfig): TFileStorage =>
  config.storage.kind === 's3' ? createS3Storage(config.storage) : createLocalStorage(path.join(config.dataDir, 'files'));
