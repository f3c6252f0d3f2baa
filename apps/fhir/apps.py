from django.apps import AppConfig


class FhirConfig(AppConfig):
    name = "apps.fhir"
    label = "fhir"
    verbose_name = "HL7 FHIR export"
