import { describe, expect, it } from 'vitest';
import { mailboxOf } from '../src/security/recipient-budget';

describe('the mailbox an address reaches (its mail budget key)', () => {
  it('is the address trimmed and in lower case', () => {
    expect(mailboxOf('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it('leaves out a +tag sub-address, which reaches the same mailbox', () => {
    expect(mailboxOf('ada+agora@example.com')).toBe('ada@example.com');
    expect(mailboxOf('ada+a+b@example.com')).toBe('ada@example.com');
    // A name that starts with + is a name.
    expect(mailboxOf('+ada@example.com')).toBe('+ada@example.com');
  });

  it("leaves out the dots Gmail ignores, and takes googlemail.com for gmail.com; other providers' dots count", () => {
    expect(mailboxOf('A.Da.Love+x@googlemail.com')).toBe('adalove@gmail.com');
    expect(mailboxOf('ada.love@gmail.com')).toBe('adalove@gmail.com');
    expect(mailboxOf('ada.love@example.com')).toBe('ada.love@example.com');
  });
});
