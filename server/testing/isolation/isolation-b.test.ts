import { isolationCheck } from './isolation-check';

isolationCheck('b', 'a');
