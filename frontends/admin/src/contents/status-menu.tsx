import { dialogs, useTranslation } from '@agora/kit';
import { RowMenu } from '../lists/row-menu';

/** The status changes offered for one post; each is confirmed before it is made. */
export function StatusMenu<S extends string>({
  name,
  choices,
  onChoose,
}: {
  name: string;
  choices: readonly S[];
  onChoose: (status: S) => void;
}) {
  const { t } = useTranslation();
  return (
    <RowMenu
      label={t('ui.admin.contents.actions_of', { name })}
      choices={choices}
      labelOf={(status) => t(`ui.admin.contents.set_${status}`)}
      onChoose={(status) => dialogs.confirm(t(`ui.admin.contents.confirm_${status}`, { name }), () => onChoose(status))}
      testId="content-actions"
      choiceTestId={(status) => `content-set-${status}`}
    />
  );
}
