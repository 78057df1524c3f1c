import { useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
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
import type { RecordConflictError } from '../../dataProvider/recordConflict';
import type { AnyResourceDeclaration } from '../types';
import { DialogButtons } from '../../app/DialogButtons';
import { displayText } from './fieldDisplay';
import { fieldConflicts, resolveConflicts, type ConflictChoice } from './recordConflicts';

const shown = (resource: AnyResourceDeclaration, path: string, value: unknown) => displayText(resource.fields[path], value) ?? '未設定';

/**
 * Someone else saved the record since this form opened. Lists the fields they changed with their
 * value and this form's, one choice per field (theirs by default: nothing they wrote is lost
 * unless the user says so), then saves the choice over the record as it is now, or cancels and
 * leaves the form as it was.
 */
export const ConflictDialog = ({
  resource,
  conflict,
  saving,
  onCancel,
  onSave,
}: {
  resource: AnyResourceDeclaration;
  conflict: RecordConflictError;
  saving: boolean;
  onCancel: () => void;
  /** Saves these values with the current record as the new base. */
  onSave: (values: Record<string, unknown>) => void;
}) => {
  const titleId = useId();
  const form = useFormContext();
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const mine = form.getValues();
  // What the form was built from: the record may have been refetched under the form since.
  const base = (form.formState.defaultValues as Record<string, unknown> | undefined) ?? conflict.base;
  const conflicts = fieldConflicts(resource.fields, resource.form?.fields ?? [], base, conflict.current, mine);
  const save = () => onSave(resolveConflicts(mine, conflicts, choices));
  return (
    <Dialog open onClose={saving ? undefined : onCancel} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>他のユーザーが先に更新しました</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {conflicts.length > 0
            ? 'この画面を開いたあとに、次の項目が他のユーザーによって変更されました。項目ごとに残す値を選んでから保存してください。'
            : 'この画面を開いたあとに他のユーザーが更新しましたが、この画面の項目は変わっていません。このまま保存できます。'}
        </DialogContentText>
        {conflicts.length > 0 && (
          <Table size="small" aria-label="変更が重なった項目">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">項目</TableCell>
                <TableCell component="th" scope="col">他のユーザーの値</TableCell>
                <TableCell component="th" scope="col">あなたの値</TableCell>
                <TableCell component="th" scope="col">保存する値</TableCell>
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
                      aria-label={`${item.label}に保存する値`}
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
        )}
      </DialogContent>
      <DialogButtons label="選んだ値で保存" onCancel={onCancel} onSubmit={save} busy={saving} />
    </Dialog>
  );
};
