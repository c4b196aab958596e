import { describe, expect, it } from 'vitest';
import { rcaDefinition, ZRcaData } from '../../../../../../shared/practices/rca';
import { checkRcaForm, EMPTY_RCA_FORM, toRcaFormValues, toRcaInput, type TRcaFormValues } from './rca-form-values';

const filled: TRcaFormValues = toRcaFormValues(rcaDefinition.example);

describe('the RC Auto request form', () => {
  it('turns the example request into the form and back into the same data', () => {
    expect(checkRcaForm(filled)).toEqual({});
    expect(ZRcaData.parse(toRcaInput(filled))).toEqual(rcaDefinition.example);
    expect(filled.vehicle.valueCents).toBe(8500);
  });

  it('puts each problem under its input: a plate in the wrong format for the type, the value in euro', () => {
    const errors = checkRcaForm({ ...filled, vehicle: { ...filled.vehicle, plate: 'AB12CD', valueCents: null } });
    expect(errors['vehicle.plate']).toBe('Targa non valida per un’autovettura: formato AA000AA');
    expect(errors['vehicle.valueCents']).toBe('Indica il valore del veicolo in euro (0 se non lo conosci).');
  });

  it('asks for every required field of an empty form (the power once a type is chosen), and nothing of the parts switched off', () => {
    const errors = checkRcaForm(EMPTY_RCA_FORM);
    expect(Object.keys(errors).sort()).toEqual(
      [
        'currentPolicy.company',
        'currentPolicy.cuClass',
        'currentPolicy.expiryDate',
        'drivingKind',
        'startDate',
        'vehicle.fuel',
        'vehicle.make',
        'vehicle.model',
        'vehicle.plate',
        'vehicle.registrationYear',
        'vehicle.type',
        'vehicle.valueCents',
      ].sort(),
    );
    expect(checkRcaForm({ ...EMPTY_RCA_FORM, vehicle: { ...EMPTY_RCA_FORM.vehicle, type: 'car' } })['vehicle.powerKw']).toBe('Inserisci la potenza in kW.');
    const input = toRcaInput(EMPTY_RCA_FORM);
    expect(input.owner).toBeNull();
    expect(input.driver).toBeNull();
  });

  it('sends a trailer without fuel and power, and no current policy when the vehicle was never insured', () => {
    const trailer: TRcaFormValues = { ...filled, hasCurrentPolicy: false, vehicle: { ...filled.vehicle, type: 'trailer', plate: 'XA123BC', fuel: 'petrol', powerKw: 51 } };
    const input = toRcaInput(trailer);
    expect(input.currentPolicy).toBeNull();
    expect(input.vehicle).toMatchObject({ fuel: 'none', powerKw: null });
  });

  it('checks the driver against the codice fiscale when the driver is not the contraente', () => {
    const errors = checkRcaForm({ ...filled, driverIsOther: true, driver: { ...filled.driver, birthDate: '1986-12-10' } });
    expect(errors['driver.birthDate']).toBe('La data di nascita non corrisponde al codice fiscale.');
  });
});
