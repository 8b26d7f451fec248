import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';

/** A row's actions behind its ⋮ button: each choice closes the menu and is handed to `onChoose`. */
export function RowMenu<A extends string>({
  label,
  choices,
  labelOf,
  onChoose,
  testId,
  choiceTestId,
}: {
  /** The button's accessible name ("Actions of …"). */
  label: string;
  choices: readonly A[];
  labelOf: (choice: A) => string;
  onChoose: (choice: A) => void;
  testId?: string;
  choiceTestId?: (choice: A) => string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (choices.length === 0) return null;
  return (
    <>
      <IconButton
        aria-label={label}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
        data-testid={testId}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {choices.map((choice) => (
          <MenuItem
            key={choice}
            data-testid={choiceTestId?.(choice)}
            onClick={() => {
              setAnchor(null);
              onChoose(choice);
            }}
          >
            {labelOf(choice)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
