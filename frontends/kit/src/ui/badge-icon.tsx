import AddReaction from '@mui/icons-material/AddReaction';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import EditNote from '@mui/icons-material/EditNote';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Flag from '@mui/icons-material/Flag';
import MilitaryTech from '@mui/icons-material/MilitaryTech';
import School from '@mui/icons-material/School';
import Share from '@mui/icons-material/Share';
import TaskAlt from '@mui/icons-material/TaskAlt';
import ThumbUp from '@mui/icons-material/ThumbUp';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import { Box } from '@mui/material';

/**
 * The MUI icon drawn for each icon name a badge carries on the wire: the reference's Bootstrap Icons names
 * (`person-badge-fill`, which the reference client draws as `bi-person-badge-fill`; the `bi-` form is read too).
 */
export const BADGE_ICONS: Readonly<Record<string, typeof EmojiEvents>> = {
  'person-badge-fill': AssignmentInd,
  'pencil-fill': EditNote,
  'flag-fill': Flag,
  'hand-thumbs-up-fill': ThumbUp,
  'emoji-smile-fill': AddReaction,
  'share-fill': Share,
  'check-circle-fill': School,
  'check-square-fill': TaskAlt,
  'chat-square-text-fill': WorkspacePremium,
  'question-circle-fill': MilitaryTech,
};

/** The MUI icon for a badge's icon name; a name without one gets the trophy. */
export const badgeIconOf = (name: string) => BADGE_ICONS[name.replace(/^bi-/, '')] ?? EmojiEvents;

/** Bronze, silver and gold (badge levels 1, 2, 3). */
export const BADGE_LEVEL_COLOURS: Record<number, string> = { 1: '#b0713a', 2: '#8a96a3', 3: '#c99a06' };

/** The level's name key in the UI bundles (`ui.badges.level.<name>`). */
export const badgeLevelName = (level: number) => (level === 3 ? 'gold' : level === 2 ? 'silver' : 'bronze');

/** A badge's icon on a disc tinted in its level's colour. */
export function BadgeIcon({ icon, level, size = 40 }: { icon: string; level: number; size?: number }) {
  const Icon = badgeIconOf(icon);
  const colour = BADGE_LEVEL_COLOURS[level] ?? BADGE_LEVEL_COLOURS[1];
  return (
    <Box
      data-testid="badge-icon"
      data-level={level}
      sx={{
        width: size,
        height: size,
        flex: '0 0 auto',
        borderRadius: '50%',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: colour,
        bgcolor: `${colour}1f`,
        border: `2px solid ${colour}`,
      }}
    >
      <Icon sx={{ fontSize: size * 0.58 }} />
    </Box>
  );
}
