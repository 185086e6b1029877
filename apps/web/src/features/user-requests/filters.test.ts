import { describe, expect, it } from 'vitest';
import { filterFromParams } from './filters';

describe('filterFromParams', () => {
  it('reads the type, status, order and page of the address', () => {
    expect(
      filterFromParams(new URLSearchParams('type=OfflineTomanDeposit&status=Pending&order=OldestChange&page=3')),
    ).toEqual({ type: 'OfflineTomanDeposit', status: 'Pending', order: 'OldestChange', page: 3 });
  });

  it('drops what is not one of the enumerations and defaults the order and the page', () => {
    expect(filterFromParams(new URLSearchParams('type=Gift&status=pending&order=Random&page=-1'))).toEqual({
      order: 'NewestRequest',
      page: 1,
    });
  });
});
