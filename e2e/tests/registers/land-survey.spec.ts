import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';

import { isoDay, pick, SAVE, uniqueSubject } from '../record-steps';
import { signIn } from '../session';

// The land survey in the console (declared only in a migration and registry files): the SIA surveyor records a new
// survey of a parcel, then, through its child tabs, two project-affected families person by person and one affected
// structure; the Overall impact tab shows what the database computed from them (2 families, 5 persons, 1 structure
// fully affected), and the Family particulars screen lists the same people across surveys.

const ROUTE = '/survey/landacquisitionid';
// One person and a dozen lines on a shared test machine: each expectation may take a little longer than usual.
const expect = baseExpect.configure({ timeout: 15_000 });

type Member = {
  family: string;
  name: string;
  relation: string;
  gender: string;
  age: string;
  category: string;
  tenure: string;
};

/** A line added in the open tab: its fields (text typed, fixed choices picked), Save line, Yes, the notice. */
async function addLine(page: Page, tab: string, fill: (form: Locator) => Promise<void>) {
  const lines = page.getByTestId('child-lines').filter({ visible: true });
  await lines.getByRole('button', { name: 'Add a line' }).click();
  const form = page.getByRole('form', { name: `${tab} line form` });
  await fill(form);
  await form.getByRole('button', { name: 'Save line' }).click();
  await expect(page.getByText(SAVE)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(form).toBeHidden();
}

async function addMember(page: Page, member: Member) {
  await addLine(page, 'Family particulars', async (form) => {
    await form.getByRole('textbox', { name: 'Family No.', exact: true }).fill(member.family);
    await form.getByRole('textbox', { name: 'Member name', exact: true }).fill(member.name);
    await pick(page, form, 'Relation to head', member.relation);
    await pick(page, form, 'Gender', member.gender);
    await form.getByRole('textbox', { name: 'Age (years)', exact: true }).fill(member.age);
    await pick(page, form, 'Social category', member.category);
    await pick(page, form, 'Tenure (family)', member.tenure);
  });
}

test('the surveyor records a survey with two families and a structure; the overall impact is computed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const khasra = uniqueSubject('Sy. No.');
  await signIn(page, 'surveyor', 'Surveyor@123');
  await page.goto(ROUTE);
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'Land acquisition survey form' });
  await expect(page.getByTestId('record-state')).toHaveText('Draft');
  await pick(page, form, 'Package', /^C2-V02 — /);
  await pick(page, form, 'Nearest station', /Industrial Estate/);
  await form.getByRole('textbox', { name: 'Chainage from (km)', exact: true }).fill('12.810');
  await form.getByRole('textbox', { name: 'Chainage to (km)', exact: true }).fill('12.860');
  await form.getByRole('textbox', { name: 'Survey / khasra No.', exact: true }).fill(khasra);
  await form.getByRole('textbox', { name: 'Village / ward', exact: true }).fill('Bommasandra');
  await form.getByRole('textbox', { name: 'Tehsil / taluk', exact: true }).fill('Anekal');
  await form.getByRole('textbox', { name: 'District', exact: true }).fill('Bengaluru Urban');
  await form.getByRole('textbox', { name: 'Area surveyed (m²)', exact: true }).fill('480');
  await pick(page, form, 'Surveyor', /^Neha Kulkarni/);
  await form.getByRole('textbox', { name: 'Survey date' }).fill(isoDay(0));
  await form.getByRole('textbox', { name: 'Cut-off date (eligibility)' }).fill(isoDay(-14));
  await pick(page, form, 'Verifying officer (land)', /^Anil Deshmukh/);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Submitted Successfully')).toBeVisible();
  // Saved: the form stays open on the new survey, numbered per package.
  const numberText = page.getByTestId('record-number');
  await expect(numberText).toHaveText(/^C2-V02-SUR-\d{4}$/);
  const number = (await numberText.textContent()) ?? '';

  // Every child register is a tab of the survey.
  for (const name of [
    'General information',
    'Project information',
    'Family particulars',
    'Assets affected',
    'Affected business',
    'R&R entitlements',
    'Overall impact',
  ]) {
    await expect(page.getByRole('tab', { name, exact: true })).toBeVisible();
  }

  // Two families, person by person: a head and a spouse; a woman head, her daughter and her mother.
  await page.getByRole('tab', { name: 'Family particulars', exact: true }).click();
  const families = page.getByTestId('child-lines').filter({ visible: true });
  // The survey key is filled in by the tab: not a field of the line.
  await families.getByRole('button', { name: 'Add a line' }).click();
  await expect(
    page.getByRole('form', { name: 'Family particulars line form' }).getByLabel('Survey'),
  ).toHaveCount(0);
  await page
    .getByRole('form', { name: 'Family particulars line form' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  const members: Member[] = [
    {
      family: 'F-01',
      name: 'Nagaraj Reddy',
      relation: 'Head',
      gender: 'Male',
      age: '52',
      category: 'OBC',
      tenure: 'Titleholder',
    },
    {
      family: 'F-01',
      name: 'Shobha Reddy',
      relation: 'Spouse',
      gender: 'Female',
      age: '47',
      category: 'OBC',
      tenure: 'Titleholder',
    },
    {
      family: 'F-02',
      name: 'Renuka Naik',
      relation: 'Head',
      gender: 'Female',
      age: '39',
      category: 'ST',
      tenure: 'Tenant',
    },
    {
      family: 'F-02',
      name: 'Keerthi Naik',
      relation: 'Daughter',
      gender: 'Female',
      age: '12',
      category: 'ST',
      tenure: 'Tenant',
    },
    {
      family: 'F-02',
      name: 'Kempamma Naik',
      relation: 'Mother',
      gender: 'Female',
      age: '66',
      category: 'ST',
      tenure: 'Tenant',
    },
  ];
  for (const [i, member] of members.entries()) {
    await addMember(page, member);
    await expect(families.getByTestId('child-line-count')).toHaveText(`${i + 1} line${i ? 's' : ''}`);
  }
  // Nine columns are drawn as blocks, each value under its label.
  await expect(families.getByRole('listitem').filter({ hasText: 'Kempamma Naik' })).toContainText('66');

  // One structure of the first family, fully affected.
  await page.getByRole('tab', { name: 'Assets affected', exact: true }).click();
  await addLine(page, 'Assets affected', async (line) => {
    await line.getByRole('textbox', { name: 'Asset No.', exact: true }).fill('S-01');
    await pick(page, line, 'Asset type', 'Residential');
    await line.getByRole('textbox', { name: 'Owner family No.', exact: true }).fill('F-01');
    await pick(page, line, 'Construction', 'Pucca');
    await line.getByRole('textbox', { name: 'Plinth area (m²)', exact: true }).fill('64');
    await line.getByRole('textbox', { name: 'Affected area (m²)', exact: true }).fill('64');
    await pick(page, line, 'Impact', 'Full');
  });
  const assets = page.getByTestId('child-lines').filter({ visible: true });
  await expect(assets.getByTestId('child-line-count')).toHaveText('1 line');
  // The owner's name is the database's, from the family particulars.
  await expect(assets.getByRole('listitem').filter({ hasText: 'S-01' })).toContainText('Nagaraj Reddy');

  // The overall impact, computed by the database: read only, one line for the survey.
  await page.getByRole('tab', { name: 'Overall impact', exact: true }).click();
  const impact = page.getByTestId('child-lines').filter({ visible: true });
  await expect(impact.getByTestId('child-line-count')).toHaveText('1 line · read only');
  await expect(impact.getByRole('button', { name: 'Add a line' })).toHaveCount(0);
  // The tab leaves out the survey itself: village, families, persons, vulnerable persons (the ST family, all three
  // of F-02), titleholder and non-titleholder families, structures fully and partly affected.
  // Thirteen columns: a block, each figure under its label (a table would squeeze them into one unreadable row).
  const block = impact.getByRole('listitem').filter({ hasText: 'Bommasandra' });
  // A figure is the definition that follows its label's term.
  const figure = (label: string) =>
    block.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
  await expect(figure('Families')).toHaveText('2');
  await expect(figure('Persons')).toHaveText('5');
  await expect(figure('Vulnerable persons')).toHaveText('3');
  await expect(figure('Titleholder families')).toHaveText('1');
  await expect(figure('Non-titleholder families')).toHaveText('1');
  await expect(figure('Structures fully affected')).toHaveText('1');
  await expect(figure('Structures partly affected')).toHaveText('0');

  // The Family particulars screen lists the same people across surveys.
  await page.keyboard.press('Escape');
  await page.goto('/survey/lasitefamilyparticulars');
  const filter = page.getByLabel('Filter Member name');
  await filter.fill('Kempamma Naik');
  await filter.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Kempamma Naik');
});
