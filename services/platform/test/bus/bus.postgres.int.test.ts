import { busContract } from './bus-contract';

busContract({ kind: 'postgres' });
