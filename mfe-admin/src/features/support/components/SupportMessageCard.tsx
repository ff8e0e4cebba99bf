import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_TOPIC_LABELS, SupportMessages } from '@altmed/contracts/web';
import { Button, formatDate, TextAreaField, theme } from '@altmed/web-kit';
import { CardActions, CardShell, CardTop, StatePill, type StateTone } from '../../../components/ModerationCard';
import type { AdminSupportMessage, SupportMessageStatus } from '../api/support';

export const statusLabels: Record<SupportMessageStatus, string> = { open: 'Open', answered: 'Answered' };
const statusTones: Record<SupportMessageStatus, StateTone> = { open: 'waiting', answered: 'accepted' };

const Text = styled.p`
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const Replies = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  li {
    padding: 10px 12px;
    border-left: 3px solid ${theme.colors.primary};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.surfaceMuted};
    font-size: 14px;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
  strong {
    font-weight: 600;
  }
`;

const ReplyForm = styled.form`
  display: grid;
  gap: 12px;
`;

const dateOrDash = (value: string) => formatDate(value) ?? '—';

export interface SupportMessageCardProps {
  message: AdminSupportMessage;
  /** A reply to this message is on its way. */
  busy: boolean;
  /** Sends the reply; true when it went out (the reply form then closes). */
  onReply: (text: string) => Promise<boolean>;
}

/**
 * One Contact message: who wrote (a member's name links to their page in Users Management) about
 * what and when, the text (as text), the replies so far with who answered and when, and a Reply form
 * behind a toggle.
 */
export function SupportMessageCard({ message, busy, onReply }: SupportMessageCardProps) {
  const [replying, setReplying] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const fieldId = useId();
  const label = `Reply to ${message.name}`;

  // The field takes the focus when the form opens.
  useEffect(() => {
    if (replying) document.getElementById(fieldId)?.focus();
  }, [replying, fieldId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reply = text.trim();
    const problem = !reply ? SupportMessages.replyRequired : reply.length > SUPPORT_MESSAGE_MAX_LENGTH ? SupportMessages.messageTooLong : null;
    setError(problem);
    if (problem) {
      document.getElementById(fieldId)?.focus();
      return;
    }
    if (await onReply(reply)) {
      setText('');
      setReplying(false);
    }
  };

  return (
    <CardShell as="article" aria-label={`Message from ${message.name}`}>
      <CardTop>
        <div>
          <h3>{message.userId ? <Link to={`/admin/users/${encodeURIComponent(message.userId)}`}>{message.name}</Link> : message.name}</h3>
          <p>{[message.email, SUPPORT_TOPIC_LABELS[message.topic], `Received ${dateOrDash(message.receivedAt)}`].join(' · ')}</p>
        </div>
        <StatePill $tone={statusTones[message.status]}>{statusLabels[message.status]}</StatePill>
      </CardTop>
      <Text>{message.message}</Text>
      {message.replies.length ? (
        <Replies aria-label="Replies">
          {message.replies.map((reply, index) => (
            <li key={`${index}-${reply.at}`}>
              <strong>
                Answered by {reply.by.name ?? reply.by.email} on {dateOrDash(reply.at)}:
              </strong>{' '}
              {reply.text}
            </li>
          ))}
        </Replies>
      ) : null}
      <CardActions>
        <Button size="sm" variant="outline" aria-expanded={replying} aria-controls={replying ? formId : undefined} onClick={() => setReplying((open) => !open)}>
          Reply
        </Button>
      </CardActions>
      {replying ? (
        <ReplyForm id={formId} onSubmit={(event) => void submit(event)} noValidate>
          <TextAreaField
            id={fieldId}
            label={label}
            name="reply"
            rows={5}
            hint={`Sent by email to ${message.email}.`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={error}
          />
          <CardActions>
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? 'Sending...' : 'Send reply'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setReplying(false)}>
              Cancel
            </Button>
          </CardActions>
        </ReplyForm>
      ) : null}
    </CardShell>
  );
}
