import { ProviderMessages } from '@altmed/contracts';
import { recordIdOf } from '@altmed/service-kit';

/** A provider's id from a path, or 404 "Provider Not Found". */
export const providerIdOf = (value: unknown): string => recordIdOf(value, ProviderMessages.providerNotFound);
