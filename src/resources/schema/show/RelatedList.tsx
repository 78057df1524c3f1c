import { ListBase, useRecordContext } from 'react-admin';
import { SchemaDataTable } from '../list/SchemaList';
import { PageLinks } from '../list/PageLinks';
import { useActiveTab } from './activeTab';
import { useFindDeclaration } from '../shared/DeclarationsContext';

/** A related-list tab: the records of another declared resource that point at this one. */
const RelatedList = () => {
  const { related } = useActiveTab();
  const record = useRecordContext();
  const findDeclaration = useFindDeclaration();
  if (!related) return null;
  const { resource, target } = related;
  const declaration = findDeclaration(resource);
  if (!record || !declaration) return null;
  return (
    <ListBase resource={resource} filter={{ [target]: record.id }} sort={declaration.list.defaultSort} disableSyncWithLocation>
      <SchemaDataTable resource={declaration} storeKey={`${resource}.related.datatable`} />
      <PageLinks />
    </ListBase>
  );
};

export default RelatedList;
