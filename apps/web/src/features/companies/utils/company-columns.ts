/** The directory table's columns (spec §2), also the labels of the inline-edit and add inputs. */
export const companyColumns = {
  number: '#',
  name: 'اسم الشركة',
  email: 'البريد الإلكتروني',
  sector: 'القطاع',
  location: 'الموقع',
  package: 'الباقة',
  actions: 'الإجراءات',
};
