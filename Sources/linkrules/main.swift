import LinkRules
print("linkrules")
