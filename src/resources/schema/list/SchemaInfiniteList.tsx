import { InfiniteList, InfinitePagination } from 'react-admin';
import { LoadMore } from './LoadMore';
import { SchemaDataTable, useSchemaListProps } from './SchemaList';

/** "Within 3 viewport heights of the bottom" (spec section 9) as an IntersectionObserver margin. */
const INFINITE_SCROLL_OPTIONS = { rootMargin: '0px 0px 300% 0px', threshold: 0 };

/** The generated list of a master paged by scrolling (`infinite`) or by continuation token (`token`). */
const SchemaInfiniteList = () => {
  const { resource, storeKey, props } = useSchemaListProps();
  const token = resource.list.paging?.mode === 'token';
  return (
    <InfiniteList {...props} pagination={token ? <LoadMore /> : <InfinitePagination options={INFINITE_SCROLL_OPTIONS} />}>
      <SchemaDataTable resource={resource} storeKey={storeKey} />
    </InfiniteList>
  );
};

export default SchemaInfiniteList;
