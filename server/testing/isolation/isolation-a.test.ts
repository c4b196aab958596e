import { isolationCheck } from './isolation-check';

isolationCheck('a', 'b');
