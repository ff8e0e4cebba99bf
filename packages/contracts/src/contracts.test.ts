import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  AREAS_OF_INTEREST,
  InvalidEventError,
  MAX_TRACESTATE_LENGTH,
  US_STATE_CODES,
  defineEvent,
  eventEnvelopeSchema,
  parseEvent,
  parseEventOf,
  signupRequestSchema,
} from './index';

it('holds the spec constants', () => {
  expect(AREAS_OF_INTEREST).toHaveLength(11);
  expect(US_STATE_CODES).toHaveLength(50);
  expect(US_STATE_CODES).not.toContain('DC');
});

it('normalises a sign-up and reports the first broken rule in the spec order', () => {
  const parsed = signupRequestSchema.parse({
    name: ' Ada Lovelace ',
    email: ' Ada@Example.COM ',
    password: 'secret',
    contactInfo: { phone: '555-123-4567', specialties: ['Vision', 'Vision'] },
  });
  expect(parsed).toEqual({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'secret',
    contactInfo: { phone: '555-123-4567', address: '', specialties: ['Vision'] },
  });

  const broken = signupRequestSchema.safeParse({ name: '', email: 'x', password: '1', contactInfo: { phone: '1', specialties: [] } });
  expect(broken.success).toBe(false);
  expect(broken.error!.issues.map((issue) => issue.message)).toEqual([
    'First Name and Last Name are required',
    'A valid email address is required',
    'Password must be at least 6 characters long',
    'Phone number must be in the format 000-000-0000',
    'Please select at least one area of interest',
  ]);
});

it('parses known events and refuses unknown versions', () => {
  const envelope = {
    id: randomUUID(),
    type: 'user.signed_up',
    version: 1,
    time: new Date().toISOString(),
    source: 'svc-identity',
    data: { userId: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' },
  };
  expect(parseEvent('user.signed_up', envelope).data.email).toBe('ada@example.com');
  expect(() => parseEvent('user.signed_up', { ...envelope, version: 2 })).toThrow(InvalidEventError);
  expect(() => parseEvent('user.signed_up', { ...envelope, data: { ...envelope.data, email: 'nope' } })).toThrow();
});

describe('an event type with a previous version', () => {
  // v2 split v1's `name` into first and last names.
  const memberJoined = defineEvent({
    version: 2,
    data: z.object({ firstName: z.string().min(1), lastName: z.string() }).strict(),
    previous: {
      data: z.object({ name: z.string().min(1) }).strict(),
      upgrade: ({ name }) => ({ firstName: name.split(' ')[0]!, lastName: name.split(' ').slice(1).join(' ') }),
    },
  });
  const envelope = (version: number, data: unknown) => ({
    id: randomUUID(),
    type: 'member.joined',
    version,
    time: new Date().toISOString(),
    source: 'test',
    data,
  });

  it('accepts the current version as it is', () => {
    const event = parseEventOf('member.joined', memberJoined, envelope(2, { firstName: 'Ada', lastName: 'Lovelace' }));
    expect(event).toMatchObject({ version: 2, data: { firstName: 'Ada', lastName: 'Lovelace' } });
  });

  it('accepts the previous version and upgrades its data to the current shape', () => {
    const event = parseEventOf('member.joined', memberJoined, envelope(1, { name: 'Ada King Lovelace' }));
    expect(event).toMatchObject({ version: 2, data: { firstName: 'Ada', lastName: 'King Lovelace' } });
  });

  it('refuses any other version, and previous-version data that breaks its own schema', () => {
    expect(() => parseEventOf('member.joined', memberJoined, envelope(3, { firstName: 'Ada', lastName: '' }))).toThrow(InvalidEventError);
    expect(() => parseEventOf('member.joined', memberJoined, envelope(1, { firstName: 'Ada', lastName: '' }))).toThrow(z.ZodError);
    expect(() => parseEventOf('member.joined', memberJoined, envelope(2, { name: 'Ada' }))).toThrow(z.ZodError);
  });
});

describe('the event envelope', () => {
  const envelope = {
    id: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    type: 'user.signed_up',
    version: 1,
    time: '2026-11-27T05:00:00.000Z',
    source: 'svc-identity',
    data: {},
  };

  it('keeps a W3C trace context', () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    expect(eventEnvelopeSchema.parse({ ...envelope, traceparent, tracestate: 'altmed=1' })).toMatchObject({ traceparent, tracestate: 'altmed=1' });
  });

  it('drops a trace context it cannot keep, and still accepts the event', () => {
    const parsed = eventEnvelopeSchema.parse({ ...envelope, traceparent: 'not-a-traceparent', tracestate: 'x'.repeat(MAX_TRACESTATE_LENGTH + 1) });
    expect(parsed.traceparent).toBeUndefined();
    expect(parsed.tracestate).toBeUndefined();
    expect(parsed.id).toBe(envelope.id);
  });
});
