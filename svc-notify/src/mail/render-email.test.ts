import type { UserSignedUpV1 } from '@altmed/contracts';
import { welcomeEmail } from '../welcome/welcome-email';

describe('renderEmail through the welcome email', () => {
  const user: UserSignedUpV1 = { userId: 'u1', email: 'ada@example.com', name: 'Ada <script>alert(1)</script> Lovelace', role: 'user' };

  it('renders an HTML part and a plain-text part from one component', () => {
    const email = welcomeEmail({ ...user, name: 'Ada Lovelace' }, 'evt-1', 'http://127.0.0.1:8080');
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain('<a href="http://127.0.0.1:8080"');
    expect(email.html).toContain('Hi Ada,');
    expect(email.text).toContain('Hi Ada,');
    expect(email.text).toContain('http://127.0.0.1:8080');
    expect(email.text).not.toContain('<');
  });

  it('escapes what the user typed', () => {
    const email = welcomeEmail({ ...user, name: '<img src=x onerror=alert(1)> Smith' }, 'evt-2', 'http://127.0.0.1:8080');
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img');
  });
});
