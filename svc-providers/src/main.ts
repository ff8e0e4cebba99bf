import { runService } from '@altmed/service-kit';
import { loadProvidersConfig } from './config';
import { startProvidersService } from './service';

runService('svc-providers', () => startProvidersService(loadProvidersConfig()));
