import type { CustomerFormRecord, SaveCustomerInput } from '@machines/customerForm';
import { dataProvider } from '@src/api/dataProvider';
import { isApiError } from '@src/api/http';

/** The customer to rename (GET /api/customers/:id); null when it does not exist in this account. */
export async function loadCustomerForRename(customerId: string): Promise<CustomerFormRecord | null> {
  try {
    const { data } = await dataProvider.getOne({ resource: 'customers', id: customerId });
    return { name: data.name };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** POST /api/customers (create) or PATCH /api/customers/:id (rename); rejects with the server's ApiError. */
export async function saveCustomer({ customerId, name }: SaveCustomerInput): Promise<unknown> {
  if (customerId === null) {
    return (await dataProvider.create({ resource: 'customers', variables: { name } })).data;
  }
  return (await dataProvider.update({ resource: 'customers', id: customerId, variables: { name } })).data;
}
