import { isImported, ProfileUpdated, UserDeleted } from '@agora/contracts';
import type { Projection } from '@agora/platform';
import type { Static } from 'typebox';
import type { AwardCommands } from '../../commands/awards';
import { awardsFor } from '../../domain/rules/award-rules';

type Profile = Static<typeof ProfileUpdated.data>;
type Deleted = Static<typeof UserDeleted.data>;

/**
 * Badges and members: "Autobiographer" for a profile saved with a bio; a deleted member's
 * awards are withdrawn. Keeps nothing of its own: awards and withdrawals are badges' own events. An imported profile
 * earns nothing (the source's awards come in as records); an imported deletion still withdraws
 * (docs/adr/0094-importing-a-community.md).
 */
export function awardsFromIdentity(awards: AwardCommands): Projection {
  return {
    name: 'awards-from-identity',
    source: 'identity',
    events: [ProfileUpdated, UserDeleted],
    async apply(event, tx) {
      if (event.type === ProfileUpdated.type) {
        if (isImported(event)) return;
        const profile = event.data as Profile;
        await awards.award(tx, awardsFor({ kind: 'profile_saved', userId: profile.user_id, bio: profile.bio }), event);
        return;
      }
      await awards.withdraw(tx, (event.data as Deleted).user_id, event);
    },
    async reset() {},
  };
}
