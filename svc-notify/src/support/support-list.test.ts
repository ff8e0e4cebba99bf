import { SupportList, type SupportMessageRecord } from './support-list';

const NOW = Date.parse('2026-06-03T12:00:00Z');

let next = 0;
function message(minutesAgo: number, overrides: Partial<SupportMessageRecord> = {}): SupportMessageRecord {
  next += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name: `Sender ${next}`,
    email: `sender${next}@example.com`,
    topic: 'other',
    message: `Question number ${next}.`,
    status: 'open',
    replies: [],
    receivedAt: new Date(NOW - minutesAgo * 60_000),
    ...overrides,
  };
}

describe('SupportList', () => {
  it('pages one state newest first, counting every state, and follows a message from open to answered', async () => {
    const records = Array.from({ length: 45 }, (_, index) => message(index));
    const list = await SupportList.of([...records].reverse());
    const third = list.find({ status: 'open', page: 3 });
    expect(third.messages.map((row) => row.id)).toEqual(records.slice(40).map((record) => record._id));
    expect(third).toMatchObject({ counts: { open: 45, answered: 0 }, total: 45 });

    const answeredAt = new Date(NOW);
    list.upsert({ ...records[0]!, status: 'answered', replies: [{ by: { id: 'admin', email: 'admin@example.com' }, text: 'Done.', at: answeredAt }] });
    const answered = list.find({ status: 'answered', page: 1 });
    expect(answered.messages).toEqual([
      expect.objectContaining({
        id: records[0]!._id,
        userId: null,
        replies: [{ by: { name: null, email: 'admin@example.com' }, text: 'Done.', at: answeredAt.toISOString() }],
      }),
    ]);
    expect(answered.counts).toEqual({ open: 44, answered: 1 });
    list.remove(records[1]!._id);
    expect(list.find({ status: 'open', page: 1 }).messages[0]!.id).toBe(records[2]!._id);
    expect(list.size).toBe(44);
    expect(list.memoryFigures()).toMatchObject({ entries: 44 });
  });

  it('finds messages holding every word of the search in the name, the email or the text', async () => {
    const list = await SupportList.of([
      message(2, { name: 'Mae Jemison', message: 'My receipt never arrived.', userId: 'member-1' }),
      message(1, { name: 'Otto Orbit', email: 'orbit@example.com', message: 'Is Dr. Quinn taking NEW patients?' }),
    ]);
    const find = (search: string) => list.find({ status: 'open', search, page: 1 }).messages.map((row) => row.name);
    expect(find('MAE receipt')).toEqual(['Mae Jemison']);
    expect(find('orbit@ new')).toEqual(['Otto Orbit']);
    expect(find('receipt quinn')).toEqual([]);
    expect(list.find({ status: 'open', search: 'jemison', page: 1 }).messages[0]!.userId).toBe('member-1');
  });
});
