import { z } from 'zod';
import { ProviderMessages } from '@altmed/contracts';
import { notFound } from '@altmed/service-kit';

/** Ids are ours (UUIDs); anything else cannot name a record: 404 with the given message. */
export function recordIdOf(value: unknown, message: string): string {
  const parsed = z.uuid().safeParse(value);
  if (!parsed.success) throw notFound(message);
  return parsed.data;
}

/** A provider's id from a path, or 404 "Provider Not Found". */
export const providerIdOf = (value: unknown): string => recordIdOf(value, ProviderMessages.providerNotFound);
