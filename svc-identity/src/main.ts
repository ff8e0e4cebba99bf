import { runService } from '@altmed/service-kit';
import { loadIdentityConfig } from './config';
import { startIdentityService } from './service';

runService('svc-identity', () => startIdentityService(loadIdentityConfig()));
