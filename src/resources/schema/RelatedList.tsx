import { ListBase, useRecordContext } from 'react-admin';
import { findResource } from '../registry';
import { SchemaDataTable } from './SchemaList';
import { PageLinks } from './PageLinks';

/** A related-list tab: the records of another declared resource that point at this one. */
const RelatedList = ({ resource, target }: { resource: string; target: string }) => {
  const record = useRecordContext();
  const declaration = findResource(resource);
  if (!record || !declaration) return null;
  return (
    <ListBase resource={resource} filter={{ [target]: record.id }} sort={declaration.list.defaultSort} disableSyncWithLocation>
      <SchemaDataTable resource={declaration} storeKey={`${resource}.related.datatable`} />
      <PageLinks />
    </ListBase>
  );
};

export default RelatedList;
