import { lazy, Suspense, useState } from 'react';
import { useListContext, useStore } from 'react-admin';
import Button from '@mui/material/Button';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import type { AnyResourceDeclaration } from '../../resources/types';

/** The dialog, its CSV writer and encoding-japanese's tables load on the first press, not with the list. */
const ExportDialog = lazy(() => import('./ExportDialog'));

/**
 * エクスポート on every declared list (ListHeader): the list's current filters, search and sort,
 * all its pages, the columns the column chooser shows. Nothing per master: the declaration says it all.
 */
export const ExportButton = ({ resource, storeKey }: { resource: AnyResourceDeclaration; storeKey: string }) => {
  const { filterValues, sort, total } = useListContext();
  // The column chooser's choice (the DataTable's own store entry), read, not written.
  const [hidden] = useStore<string[]>(storeKey, resource.list.hiddenColumns ?? []);
  const [open, setOpen] = useState(false);
  const columns = resource.list.columns.filter((source) => !hidden.includes(source));
  return (
    <>
      <Button size="small" startIcon={<FileDownloadIcon />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        エクスポート
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog
            resource={resource}
            filter={filterValues}
            sort={sort}
            columns={columns}
            total={total ?? undefined}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
};
