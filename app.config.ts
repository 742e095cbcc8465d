export default defineAppConfig({
  ui: { colors: { primary: 'blue', neutral: 'slate' } }
})
