import { followContract } from './follow-contract';

followContract({ kind: 'postgres' });
