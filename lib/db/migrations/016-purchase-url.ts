// Where an event's tickets are sold, from its import line (`purchase_url`): an absolute
// http(s) address kept as given. Internal: the event's page leads to it (its "Comprar
// ingressos"), the API's event never carries it. Null: the brand's purchase_url template,
// if it sets one, applies. No index: it is read only with its event.
export default `
ALTER TABLE events ADD COLUMN purchase_url text;
`;
