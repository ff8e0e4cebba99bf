import { ProviderMessages } from '@altmed/contracts';
import { AppError } from '@altmed/service-kit';
import type { ProvidersDeps } from './providers.domain';

/** Which of email and NPI number another provider record holds, as field messages. */
async function duplicatesOf(deps: ProvidersDeps, fields: { email: string; npiNumber: string }, exceptId?: string): Promise<Record<string, string>> {
  const others = exceptId ? { _id: { $ne: exceptId } } : {};
  const [byEmail, byNpi] = await Promise.all([
    deps.providers.exists({ email: fields.email, ...others }),
    deps.providers.exists({ npiNumber: fields.npiNumber, ...others }),
  ]);
  return {
    ...(byEmail ? { email: ProviderMessages.emailRegisteredLogIn } : {}),
    ...(byNpi ? { npiNumber: ProviderMessages.npiExists } : {}),
  };
}

/** 400 with the spec's message ("Email already exists" first, else "NPI Number already exists") and every field's. */
function duplicateError(errors: Record<string, string>): AppError {
  return new AppError(400, errors.email ? ProviderMessages.emailExists : ProviderMessages.npiExists, {}, errors);
}

export const emailTakenError = () => new AppError(400, ProviderMessages.emailExists, {}, { email: ProviderMessages.emailExists });

/** 400 when another provider record holds the email or the NPI number. */
export async function throwIfDuplicate(deps: ProvidersDeps, fields: { email: string; npiNumber: string }, exceptId?: string): Promise<void> {
  const duplicates = await duplicatesOf(deps, fields, exceptId);
  if (Object.keys(duplicates).length > 0) throw duplicateError(duplicates);
}
