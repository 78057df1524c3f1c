import { ListBase, Loading, Title } from 'react-admin';
import Card from '@mui/material/Card';
import { SERVER_PAGE_SIZE } from '../../lib/constants';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import { SchemaDataTable } from '../schema/list/SchemaList';
import { PageLinks } from '../schema/list/PageLinks';

/** The open requests only (spec section 2): the generated table over `state=open`, paged. */
const OpenImportRequestList = () => {
  const resource = useResourceDeclaration();
  return (
    <ListBase filter={OPEN} sort={resource.list.defaultSort} perPage={SERVER_PAGE_SIZE} storeKey={false} authLoading={<Loading />}>
      <Title title={`${resource.label}一覧`} />
      <Card sx={{ mt: 2 }}>
        <SchemaDataTable resource={resource} storeKey={`${resource.name}.datatable`} />
      </Card>
      <PageLinks />
    </ListBase>
  );
};

const OPEN = { state: 'open' };

export default OpenImportRequestList;
