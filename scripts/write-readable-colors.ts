import { writeFileSync } from 'node:fs';
import { readableColorsCss } from '../client/src/app/readable-colors';

// Writes client/src/app/readable-colors.css: the light scheme's readable text colours (issue 26, point 12).
writeFileSync(new URL('../client/src/app/readable-colors.css', import.meta.url), readableColorsCss());
console.log('client/src/app/readable-colors.css scritto');
