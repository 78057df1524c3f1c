import { useRecordContext } from 'react-admin';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CELL_TEXT_CLASS } from '../../../layout/theme';
import type { BadgeDeclaration, FieldDeclaration } from '../../types';
import { badgeShows, choiceFor, displayText, fieldLabels, fieldValue } from './fieldDisplay';
import { ReferenceValue } from './ReferenceValue';
import { useFindDeclaration } from './DeclarationsContext';
import { VERSIONED_WITHOUT_SCREEN } from '../../../contract/versions';

/** Shown on a detail page for a field with no value, so an empty field reads as empty, not as missing. */
export const NOT_SET = '未設定';

/**
 * One declared field of the current record. In lists (`truncate`), long values stay on one line
 * with the whole text in a tooltip, so a 50-character company name does not double every row.
 */
export const FieldValue = ({
  source,
  field,
  emptyText = '',
  truncate = false,
  badges = [],
}: {
  source: string;
  field: FieldDeclaration;
  emptyText?: string;
  truncate?: boolean;
  badges?: readonly BadgeDeclaration[];
}) => {
  const record = useRecordContext();
  if (field.labelsOf) return <FieldLabelsValue field={field} source={source} record={record} emptyText={emptyText} truncate={truncate} />;
  const value = fieldValue(field, source, record);
  const text = displayText(field, value);
  const shownBadges = badges.filter((badge) => badgeShows(badge, record));
  if (text === undefined && shownBadges.length === 0) {
    return emptyText ? (
      <Typography component="span" variant="body2" color="text.secondary">
        {emptyText}
      </Typography>
    ) : null;
  }
  const content =
    field.reference ? (
      <ReferenceValue reference={field.reference} value={value} record={record} truncate={truncate} />
    ) : field.type === 'choice' ? (
      // alignSelf: in a detail's labelled column (a flex box) a chip would stretch to the full width.
      <Chip size="small" label={text} color={choiceFor(field, value)?.color ?? 'default'} sx={{ alignSelf: 'flex-start' }} />
    ) : field.type === 'multiChoice' ? (
      <>
        {(Array.isArray(value) ? value : [value]).map((item) => (
          <Chip key={String(item)} size="small" label={displayText(field, [item])} color={choiceFor(field, item)?.color ?? 'default'} sx={{ mr: 0.5, alignSelf: 'flex-start' }} />
        ))}
      </>
    ) : field.type === 'url' && text ? (
      <Link href={text} target="_blank" rel="noopener noreferrer">
        {text}
      </Link>
    ) : field.type === 'email' && text && !truncate ? (
      // A list row opens its record on a click: there an address is text, not a mailto: trap
      // over half the row. The detail page links it.
      <Link href={`mailto:${text}`}>{text}</Link>
    ) : truncate ? (
      // One class for each of a page's 125-odd cells (the theme's), not a styled component each. A
      // value that may be clipped keeps its whole text in the title, as a list's names do
      // (ReferenceValue): MUI's Tooltip around each long address was a component tree per row.
      <span className={CELL_TEXT_CLASS} title={text && text.length > 20 ? text : undefined}>
        {text}
      </span>
    ) : (
      <Typography component="span" variant="body2" sx={{ whiteSpace: field.type === 'longText' ? 'pre-wrap' : 'normal', overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    );
  return (
    <>
      {content}
      {shownBadges.map((badge) => (
        <Chip key={badge.label} size="small" label={badge.label} color={badge.color ?? 'default'} sx={{ ml: 1 }} />
      ))}
    </>
  );
};

/** A `labelsOf` field: the other master's field names as its labels (the declarations are looked up only here). */
const FieldLabelsValue = ({ field, source, record, emptyText, truncate }: { field: FieldDeclaration; source: string; record: Record<string, unknown> | undefined; emptyText: string; truncate: boolean }) => {
  const findDeclaration = useFindDeclaration();
  const master = record?.[field.labelsOf!.resourceAt];
  const text = fieldLabels(typeof master === 'string' ? (findDeclaration(master) ?? VERSIONED_WITHOUT_SCREEN[master]) : undefined, fieldValue(field, source, record));
  if (text === undefined) return emptyText ? <Typography component="span" variant="body2" color="text.secondary">{emptyText}</Typography> : null;
  return truncate ? <span className={CELL_TEXT_CLASS}>{text}</span> : <Typography component="span" variant="body2">{text}</Typography>;
};
