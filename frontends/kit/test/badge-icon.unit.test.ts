import { BADGES } from '@agora/contracts/badges/catalogue';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import School from '@mui/icons-material/School';
import { describe, expect, it } from 'vitest';
import { badgeIconOf } from '../src/ui/badge-icon';

describe('badge icons', () => {
  it('draws every catalogue badge, named on the wire as the reference names it, with an icon of its own', () => {
    for (const badge of BADGES) {
      expect(badge.icon, badge.key).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(badgeIconOf(badge.icon), `${badge.key} (${badge.icon})`).not.toBe(EmojiEvents);
    }
  });

  it('reads the `bi-` form the reference client draws, and gives a name it does not know the trophy', () => {
    expect(badgeIconOf('bi-check-circle-fill')).toBe(School);
    expect(badgeIconOf('check-circle-fill')).toBe(School);
    expect(badgeIconOf('AssignmentInd')).toBe(EmojiEvents);
    expect(badgeIconOf('')).toBe(EmojiEvents);
  });
});
