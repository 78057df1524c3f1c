import { useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AnyResourceDeclaration } from '../../types';
import { DialogButtons } from '../../../app/DialogButtons';
import { displayText } from '../shared/fieldDisplay';
import type { ConflictChoice, FieldConflict } from './recordConflicts';

const shown = (resource: AnyResourceDeclaration, path: string, value: unknown) => displayText(resource.fields[path], value) ?? '未設定';

/** What the dialog is for: a live save over someone else's, or a restored draft over a newer record. */
export type ConflictMoment = 'save' | 'restore';

const WORDING: Record<ConflictMoment, { intro: string; action: string }> = {
  save: {
    intro: 'この画面を開いたあとに、次の項目が他のユーザーによって変更されました。項目ごとに残す値を選んでから保存してください。',
    action: '選んだ値で保存',
  },
  restore: {
    intro: 'この下書きを入力したあとに、次の項目が他のユーザーによって変更されました。項目ごとに残す値を選んでから復元してください。',
    action: '選んだ値で復元',
  },
};

/**
 * Someone else changed fields this user changed too. Lists each with their value and this
 * user's, one choice per field (theirs by default: nothing they wrote is lost unless the user
 * says so), then hands the choice on (a save over the record as it is now, or a restore into the
 * form), or cancels and leaves the form as it was. Fields only one side changed are merged
 * before the dialog (mergeThreeWay) and not asked.
 */
export const ConflictDialog = ({
  resource,
  conflicts,
  moment,
  saving,
  onCancel,
  onChoose,
}: {
  resource: AnyResourceDeclaration;
  conflicts: readonly FieldConflict[];
  moment: ConflictMoment;
  saving: boolean;
  onCancel: () => void;
  /** The user's choice per conflicting field. */
  onChoose: (choices: Record<string, ConflictChoice>) => void;
}) => {
  const titleId = useId();
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const wording = WORDING[moment];
  return (
    <Dialog open onClose={saving ? undefined : onCancel} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>他のユーザーが先に更新しました</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{wording.intro}</DialogContentText>
        <Table size="small" aria-label="変更が重なった項目">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">項目</TableCell>
              <TableCell component="th" scope="col">他のユーザーの値</TableCell>
              <TableCell component="th" scope="col">あなたの値</TableCell>
              <TableCell component="th" scope="col">{moment === 'save' ? '保存する値' : '残す値'}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {conflicts.map((item) => (
              <TableRow key={item.path}>
                <TableCell component="th" scope="row">{item.label}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{shown(resource, item.path, item.theirs)}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{shown(resource, item.path, item.mine)}</TableCell>
                <TableCell>
                  <RadioGroup
                    aria-label={`${item.label}に${moment === 'save' ? '保存する' : '残す'}値`}
                    value={choices[item.path] ?? 'theirs'}
                    onChange={(event) => setChoices((previous) => ({ ...previous, [item.path]: event.target.value as ConflictChoice }))}
                  >
                    <FormControlLabel value="theirs" control={<Radio size="small" />} label="他のユーザーの値" />
                    <FormControlLabel value="mine" control={<Radio size="small" />} label="あなたの値" />
                  </RadioGroup>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogButtons label={wording.action} onCancel={onCancel} onSubmit={() => onChoose(choices)} busy={saving} />
    </Dialog>
  );
};
