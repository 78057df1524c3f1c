import { memo, useCallback, useRef, type MouseEvent } from 'react';
import { useNavigate, useRecordContext, useResourceContext } from 'react-admin';
import { ListRow, schemaRowsBody, type ListRowProps } from './SchemaCells';
import { specPath } from '../../../lib/specPaths';
import { OPENING_ROW_CLASS } from '../../../layout/theme';

/** What a click lands on that has its own meaning: a link, a button, an input, a menu. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="menuitem"], [contenteditable="true"]';

/** The text selected in the page now ('' for none). */
const selectedText = () => window.getSelection()?.toString() ?? '';

/**
 * Whether a click on a row means "open this record", as react-admin's `rowClick` would, with
 * what `rowClick` leaves out:
 * - the main button alone: a middle, Ctrl, ⌘ or Shift click is left to the browser. The row is no
 *   link, so there is no address to open in a new tab; its 詳細 link is one, for that;
 * - not on something of its own inside the row (a link such as 編集 or the company's name, a
 *   button), nor from a dialog a row's button opened (React bubbles portal clicks through the row);
 * - not the end of a drag that selected text (`selectedAtPress`, the selection when the button
 *   went down, differs from the one now): reading a value off a row is not opening it. A click on
 *   text selected before still opens.
 */
export const opensRow = (event: MouseEvent<HTMLElement>, selectedAtPress: string): boolean => {
  if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false;
  const target = event.target;
  if (!(target instanceof Element) || !event.currentTarget.contains(target)) return false;
  const own = target.closest(INTERACTIVE);
  if (own && event.currentTarget.contains(own)) return false;
  const selected = selectedText();
  return selected === '' || selected === selectedAtPress;
};

/**
 * A list row that opens its record's detail (the spec's URL) on a click anywhere on it. The row
 * itself takes no focus: the keyboard's way is the row's 詳細 link, in the row's reading order.
 */
const OpeningRow = memo((props: ListRowProps) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const navigate = useNavigate();
  const selectedAtPress = useRef('');
  const onMouseDown = useCallback(() => {
    selectedAtPress.current = selectedText();
  }, []);
  const opens = record && resource ? specPath.show(resource, record.id) : undefined;
  const onClick = useCallback(
    (event: MouseEvent<HTMLTableRowElement>) => {
      if (opens && opensRow(event, selectedAtPress.current)) navigate(opens);
    },
    [navigate, opens],
  );
  return (
    <ListRow className={`${props.className ?? ''} ${OPENING_ROW_CLASS}`} onMouseDown={onMouseDown} onClick={onClick} opens={opens}>
      {props.children}
    </ListRow>
  );
});
OpeningRow.displayName = 'OpeningRow';

/** The table body whose rows open on click (SchemaDataTable's, for a list whose rows have 詳細). */
export const OpeningRowsBody = schemaRowsBody(OpeningRow);
