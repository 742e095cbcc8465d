/** Names from several cultures, so ordering, accents and long names show up in the demo school. */
export const demoFamilyNames = [
  'Nguyen', 'Smith', 'García', 'Müller', 'O\'Brien', 'Kowalski', 'Tanaka', 'Okafor', 'Haddad', 'Singh',
  'Patel', 'Wang', 'Kim', 'Rossi', 'Dubois', 'Nakamura', 'Ivanova', 'Mensah', 'Fernández', 'Jensen',
  'Novák', 'Lefèvre', 'Ó Súilleabháin', 'Al-Sayed', 'Papadopoulos', 'Andersson', 'Tūhoe', 'Ngata', 'da Silva', 'van der Berg',
  'Chen', 'Li', 'Cohen', 'Yılmaz', 'Kuznetsov', 'Adeyemi', 'Mwangi', 'Gómez', 'Ahmed', 'Brown',
  'Williams', 'Taylor', 'Martin', 'Thompson', 'White', 'Walker', 'Hall', 'Young', 'King', 'Wright',
  'Østergaard', 'Łukasiewicz', 'Żak', 'Ángel', 'Émond', 'Szabó', 'Horváth', 'Nowak', 'Park', 'Choi'
]

export const demoGivenNames = [
  'Amelia', 'Oliver', 'Mia', 'Noah', 'Aroha', 'Wiremu', 'Chloé', 'Lucas', 'Sofía', 'Mateo',
  'Hana', 'Haruto', 'Zainab', 'Omar', 'Priya', 'Arjun', 'Mei', 'Jun', 'Amara', 'Chidi',
  'Ingrid', 'Lars', 'Zoë', 'Éloïse', 'Jakub', 'Zofia', 'Seo-yeon', 'Min-jun', 'Fatima', 'Yusuf',
  'Isla', 'Jack', 'Grace', 'William', 'Ava', 'Thomas', 'Charlotte', 'James', 'Ruby', 'Henry',
  'Aisha', 'Kofi', 'Nadia', 'Ivan', 'Leilani', 'Kai', 'Sienna', 'Finn', 'Matilda', 'Hugo'
]
