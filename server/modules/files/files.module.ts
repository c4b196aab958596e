import { defineModule } from '../../platform/module';
import { orphanSweepJob } from './blob-sweeper';
import { FILES_DOCS } from './files.openapi';
import { filesRest } from './files.rest';
import { filesRouter } from './files.router';
import { createFilesService, type TFilesService } from './files.service';

declare module '../../platform/services' {
  interface TServices {
    files: TFilesService;
  }
}

/** Stored files; a file attached to a chat room is read by the room's participants (chat). */
export const filesModule = defineModule({
  key: 'files',
  needs: ['chat'],
  service: (deps, { chat }) => createFilesService(deps, { canAccessRoom: chat.canAccessRoom }),
  trpc: { files: filesRouter },
  rest: [filesRest],
  openapi: FILES_DOCS,
  jobs: ({ deps, services }) => [orphanSweepJob({ sweep: services.files.sweepOrphans, graceMs: deps.config.filesOrphanGraceMs, logger: deps.logger })],
});
